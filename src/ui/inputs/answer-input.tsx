// The input of the current step, whatever its kind. While a bot message is being typed or a
// call runs, nothing is offered. Focus follows the conversation: after an answer it waits on
// the chat window and moves to the next input's first control.
import { useAtomValue } from "jotai/react";
import { useEffect, useRef, useState } from "react";
import { busyAtom, configAtom, endedAtom, flowStateAtom, pendingInputAtom } from "../../state/atoms.ts";
import { companyCountry } from "../../address/manual-address.ts";
import { CallLink } from "../shared/call-link.tsx";
import type { WidgetController } from "../../state/widget-controller.ts";
import { AddressSearch } from "./address-search.tsx";
import { ChoiceButtons } from "./choice-buttons.tsx";
import { LawnSlider } from "./lawn-slider.tsx";
import { MeasureInput } from "./measure-input.tsx";
import { NumberInput } from "./number-input.tsx";
import { ProgramPicker } from "./program-picker.tsx";
import { RatingInput } from "./rating-input.tsx";
import { SelectInput } from "./select-input.tsx";
import { TextInput } from "./text-input.tsx";
import { loadedServmanChapter } from "../../lazy/load-servman-chunk.ts";
import type { ChunkWant } from "../../lazy/use-lazy-chunk.ts";
import { useSchedulingChunk } from "../../lazy/use-scheduling-chunk.ts";
import { useWords } from "../shared/use-words.ts";
import { ANSWER_CONTROLS } from "./answer-controls.ts";

export function AnswerInput({ controller }: { controller: WidgetController }) {
  const pending = useAtomValue(pendingInputAtom);
  const busy = useAtomValue(busyAtom);
  const ended = useAtomValue(endedAtom);
  const config = useAtomValue(configAtom);
  const stepId = useAtomValue(flowStateAtom)?.stepId;
  const areaRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const area = areaRef.current;
    if (!pending || !area) return;
    const root = area.getRootNode() as ShadowRoot;
    if (root.activeElement?.classList.contains("qa-window")) {
      area.querySelector<HTMLElement>(ANSWER_CONTROLS)?.focus({ preventScroll: true });
    }
  }, [pending]);

  // An answer the flow cannot take throws inside a click handler, where it would reach the host
  // page: it is raised in render instead, for the chat's error boundary (the error state).
  const [, raise] = useState<never>();
  const answer = (value: string, values?: Record<string, string>) => {
    try {
      const window = areaRef.current?.closest<HTMLElement>(".qa-window");
      const accepted = controller.conversation.answer(value, values);
      if (accepted) window?.focus({ preventScroll: true });
      return accepted;
    } catch (error) {
      raise(() => {
        throw error;
      });
      return false;
    }
  };

  const input = pending && !busy ? pending.input : null;
  // The calendar's file: needed at the calendar, fetched ahead once a ServMan company's
  // conversation is in its ServMan steps (emergency, agreement, problem, order). Never otherwise.
  // Its views come with the chapter, as its calendar and call inputs do.
  const chapter = config?.crmSolution === "servman" ? loadedServmanChapter() : undefined;
  const servmanSteps = chapter?.steps;
  const views = chapter?.views;
  const inServmanSteps = !!servmanSteps && !!stepId && Object.hasOwn(servmanSteps, stepId);
  const schedulingWant: ChunkWant = input?.kind === "calendar" ? "now" : inServmanSteps ? "ahead" : null;
  const scheduling = useSchedulingChunk(schedulingWant, controller.host.shadowRoot);
  // The retried calendar takes the focus from the chat window, as a first one does.
  const retryCalendar = () => {
    areaRef.current?.closest<HTMLElement>(".qa-window")?.focus({ preventScroll: true });
    scheduling.retry();
  };
  return (
    <div className="qa-input" ref={areaRef}>
      {input?.kind === "buttons" && <ChoiceButtons options={input.options.filter((o) => !o.hidden)} onAnswer={answer} />}
      {input?.kind === "programs" && <ProgramPicker key={pending!.stepId} input={input} onAnswer={answer} />}
      {input?.kind === "rating" && <RatingInput key={pending!.stepId} input={input} onAnswer={answer} />}
      {input?.kind === "number" && <NumberInput key={pending!.stepId} input={input} onAnswer={answer} />}
      {input?.kind === "text" && <TextInput key={pending!.stepId} input={input} onAnswer={answer} />}
      {input?.kind === "select" && <SelectInput key={pending!.stepId} input={input} onAnswer={answer} />}
      {input?.kind === "measure" && (
        <MeasureInput key={pending!.stepId} input={input} clock={controller.clock} onAnswer={answer} />
      )}
      {input?.kind === "slider" && <LawnSlider key={pending!.stepId} input={input} onAnswer={answer} />}
      {input?.kind === "address" && (
        <AddressSearch key={pending!.stepId} label={input.label} search={controller.searchAddresses}
          country={companyCountry(config?.currency)}
          onAnswer={answer} />
      )}
      {input?.kind === "calendar" && views && (
        <views.CalendarSlot key={pending!.stepId} scheduling={scheduling} onRetry={retryCalendar} input={input} onAnswer={answer} openDays={controller.openDays} />
      )}
      {input?.kind === "call" && views && <views.CallButton input={input} />}
      {ended && !input && <EndActions phone={config?.companyPhone} currency={config?.currency} onStartOver={() => controller.startOver()} />}
    </div>
  );
}

/**
 * Where the conversation has ended (not serviced, too big, call the office, after the sale…):
 * never a dead end. The company's phone as a call link when it is known, and 'Start over'.
 */
function EndActions({ phone, currency, onStartOver }: { phone: string | undefined; currency: string | undefined; onStartOver: () => void }) {
  const w = useWords();
  return (
    <div className="qa-choices qa-end-actions">
      <CallLink phone={phone} currency={currency} />
      <button type="button" className="qa-choice" onClick={onStartOver}>
        {w.startOver}
      </button>
    </div>
  );
}
