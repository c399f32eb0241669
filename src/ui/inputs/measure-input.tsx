// The measuring tool (SPEC §2): opens in a modal 3 s after its step begins, with the address
// passed in. Its result counts only through the frame bridge (exact origin, this iframe's own
// window, a valid message). Closing the tool offers typing the size instead.
import { useEffect, useRef, useState } from "react";
import { listenToFrame } from "../../bridge/frame-bridge.ts";
import { MeasureMessageSchema, measuringToolUrl } from "../../contract/measure-messages.ts";
import type { ResolvedInput } from "../../flow/types.ts";
import type { Clock } from "../../state/clock.ts";
import { Modal } from "../shared/modal.tsx";
import { MEASURE_CANCELLED } from "../../flow/answers.ts";
import { useWords } from "../shared/use-words.ts";

type MeasureSpec = Extract<ResolvedInput, { kind: "measure" }>;

export function MeasureInput(props: {
  input: MeasureSpec;
  clock: Clock;
  onAnswer: (value: string, values?: Record<string, string>) => boolean;
}) {
  const { input, clock, onAnswer } = props;
  const w = useWords();
  const [open, setOpen] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let cancelled = false;
    void clock.sleep(input.delayMs).then(() => {
      if (!cancelled) setOpen(true);
    });
    return () => {
      cancelled = true;
    };
  }, [clock, input.delayMs]);

  useEffect(() => {
    if (!open) return;
    return listenToFrame({
      frameUrl: input.toolUrl,
      frameWindow: () => frameRef.current?.contentWindow,
      schema: MeasureMessageSchema,
      onMessage: (message) => {
        setOpen(false);
        if (message.type === "measurit:cancel") onAnswer(MEASURE_CANCELLED);
        else {
          onAnswer(String(Math.round(message.value)), {
            ...(message.image ? { measurItImage: message.image } : {}),
            ...(message.outline ? { measurOutline: message.outline } : {}),
          });
        }
      },
    });
  }, [open, input.toolUrl, onAnswer]);

  // The input's address, position, mode, metric and language are the tool's options.
  const src = measuringToolUrl(input.toolUrl, { ...input, parentOrigin: location.origin });

  if (!open) {
    return (
      <p className="qa-search-status" role="status">
        {w.openingTool}
      </p>
    );
  }
  return (
    <Modal
      title={input.mode === "perimeter" ? w.outline : w.colorIn}
      className="qa-modal-wide"
      onClose={() => {
        setOpen(false);
        onAnswer(MEASURE_CANCELLED);
      }}
    >
      <iframe ref={frameRef} className="qa-tool-frame" title={w.tool} src={src} allow="fullscreen" />
    </Modal>
  );
}
