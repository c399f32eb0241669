// The calculating screen (SPEC §2): an animated loader while prices are worked out, in the
// standard, no-soil or pest-control variant, or the company's own animation (alt
// 'calculating'). The animation is CSS (allowed by a strict CSP) and stops for visitors who
// prefer reduced motion.
import type { CompanyConfig } from "../../config/company-config.ts";
import { useWords } from "../shared/use-words.ts";

export type CalculatingVariant = "standard" | "no-soil" | "pest-control";

export function calculatingVariant(config: CompanyConfig, needsSize: boolean): CalculatingVariant {
  if (config.botType === "pest") return "pest-control";
  return needsSize ? "standard" : "no-soil";
}

export function Calculating({ config, variant }: { config: CompanyConfig; variant: CalculatingVariant }) {
  const w = useWords();
  if (config.botQuoteAnalyzingGif) {
    return (
      <div className="qa-calculating">
        <img className="qa-calculating-img" src={config.botQuoteAnalyzingGif} alt={w.calculating} />
      </div>
    );
  }
  return (
    <div className={`qa-calculating qa-calculating-${variant}`}>
      <svg className="qa-calculating-art" viewBox="0 0 120 72" role="img" aria-label={w.calculating}>
        {variant !== "no-soil" && <rect className="qa-calc-soil" x="8" y="58" width="104" height="8" rx="4" />}
        {variant === "pest-control" ? (
          <g className="qa-calc-shield">
            <path d="M60 10l22 8v14c0 13-9 22-22 27-13-5-22-14-22-27V18z" />
            <path className="qa-calc-check" d="M50 34l7 7 14-15" />
          </g>
        ) : (
          <g className="qa-calc-blades">
            {[20, 32, 44, 56, 68, 80, 92].map((x, i) => (
              <path key={x} className={`qa-calc-blade qa-calc-blade-${i % 3}`} d={`M${x} 58c-2-14 2-26 6-34c0 12-1 24 2 34z`} />
            ))}
          </g>
        )}
      </svg>
    </div>
  );
}
