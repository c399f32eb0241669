// The company's brand colours: a colour the widget cannot read is dropped (the default look is
// used) and reported like a refused URL, never a broken widget.
import { parseColor } from "./brand-colors.ts";
import type { CompanyConfig } from "./config-schema.ts";
import type { ConfigUrlProblem } from "./config-urls.ts";

const COLOR_FIELDS = ["brandColor", "accentColor"] as const satisfies readonly (keyof CompanyConfig)[];

export function checkConfigColors(config: CompanyConfig): { config: CompanyConfig; problems: ConfigUrlProblem[] } {
  const checked: CompanyConfig = { ...config };
  const problems: ConfigUrlProblem[] = [];
  for (const field of COLOR_FIELDS) {
    const value = config[field];
    if (value === undefined || parseColor(value)) continue;
    delete checked[field];
    problems.push({ field, reason: `is not a colour the widget reads (${JSON.stringify(value)}; use #rrggbb, #rgb or rgb(r, g, b))` });
  }
  return { config: checked, problems };
}
