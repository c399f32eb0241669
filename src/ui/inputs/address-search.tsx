// The address search box (SPEC §2): suggestions from the backend 400 ms after the visitor
// stops typing, as an ARIA 1.2 combobox: arrows move through them, Enter picks, Escape closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { addressValues } from "../../address/address-values.ts";
import type { GeomapAnswer, GeomapItem } from "../../contract/geomap.ts";
import { FieldError, useFieldError } from "./field-error.tsx";
import { ManualAddressForm } from "./manual-address-form.tsx";
import { useWords } from "../shared/use-words.ts";

export const SUGGESTION_DEBOUNCE_MS = 400;
const MIN_QUERY = 3;

export type AddressSearchFn = (query: string, signal: AbortSignal) => Promise<GeomapAnswer>;

type Status = "idle" | "searching" | "done";

export function AddressSearch(props: {
  label: string;
  search: AddressSearchFn;
  /** The company's country (ISO), for an address typed by hand. */
  country: string | undefined;
  onAnswer: (value: string, values: Record<string, string>) => boolean;
}) {
  const { label, search, onAnswer } = props;
  const w = useWords();
  const [manual, setManual] = useState(false);
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<GeomapItem[]>([]);
  const [attribution, setAttribution] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>("idle");
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const error = useFieldError();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const term = query.trim();
    if (term.length < MIN_QUERY) {
      setItems([]);
      setStatus("idle");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus("searching");
      search(term, controller.signal)
        .then(({ items: found, attribution: credit }) => {
          setItems(found);
          setAttribution(credit);
          setActive(found.length > 0 ? 0 : -1);
          setStatus("done");
          setOpen(true);
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error("[quote-assistant] address search failed", err);
          setItems([]);
          setStatus("done");
          setOpen(true);
        });
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search]);

  const pick = (item: GeomapItem) => {
    setOpen(false);
    onAnswer(item.address.label, addressValues(item));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === "ArrowUp" && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const item = open ? items[active] : undefined;
      if (item) pick(item);
    } else if (event.key === "Escape" && open) {
      // Close the list, not the chat.
      event.stopPropagation();
      setOpen(false);
    }
  };

  const showList = open && status === "done" && query.trim().length >= MIN_QUERY;
  const noMatch = showList && items.length === 0;
  if (manual) return <ManualAddressForm country={props.country} onAnswer={onAnswer} />;
  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="qa-text-form qa-address">
      <label className="qa-field-label" htmlFor="qa-address">
        {label}
      </label>
      <input
        ref={inputRef}
        id="qa-address"
        className="qa-text"
        type="text"
        role="combobox"
        placeholder={w.searchAddress}
        autoComplete="off"
        maxLength={200}
        value={query}
        aria-autocomplete="list"
        aria-expanded={showList && items.length > 0}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-describedby="qa-address-error"
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={w.suggestions} className="qa-suggestions" hidden={!showList || items.length === 0}>
        {items.map((item, i) => (
          <li
            key={item.address.label}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? "qa-suggestion qa-suggestion-active" : "qa-suggestion"}
            // mousedown, not click: the input keeps focus and the pick happens once.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
          >
            {item.address.label}
          </li>
        ))}
      </ul>
      {showList && items.length > 0 && attribution && <p className="qa-attribution">{attribution}</p>}
      <p className="qa-search-status" role="status">
        {status === "searching" ? w.searching : noMatch ? w.noMatches : ""}
      </p>
      {noMatch && (
        <button type="button" className="qa-choice" onClick={() => setManual(true)}>
          {w.typeAddress}
        </button>
      )}
      <FieldError id="qa-address-error" />
    </div>
  );
}
