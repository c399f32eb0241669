// The validation message under an input, from the store, announced when it appears.
import { useAtomValue } from "jotai/react";
import { inputErrorAtom } from "../../state/atoms.ts";

export function FieldError({ id }: { id: string }) {
  const error = useAtomValue(inputErrorAtom);
  return (
    <p id={id} className="qa-field-error" role="alert">
      {error ?? ""}
    </p>
  );
}

export function useFieldError(): string | null {
  return useAtomValue(inputErrorAtom);
}
