// The conversation's record in one element's store: the transcript, its entries numbered in
// order, and the save after every change (the step, the transcript, whether it ended) so a
// reload resumes it (saved-conversation.ts keeps it).
import { endedAtom, flowStateAtom, transcriptAtom, type TranscriptEntry } from "./atoms.ts";
import type { Store } from "./atoms.ts";
import type { SavedConversation } from "./saved-conversation.ts";

export interface ConversationRecord {
  /** Saves the conversation as it stands; nothing before its first step. */
  save(): void;
  /** Adds an entry to the transcript, numbered after the last one, and saves. */
  append(entry: Omit<TranscriptEntry, "id">): void;
  /** Shows this transcript (a resumed conversation's; none for a new one): new entries are numbered after its last. */
  show(transcript: TranscriptEntry[]): void;
}

export function createConversationRecord(store: Store, saved: SavedConversation | undefined): ConversationRecord {
  let nextEntryId = 1;
  function save() {
    const state = store.get(flowStateAtom);
    if (state) saved?.save({ flow: state, transcript: store.get(transcriptAtom), ...(store.get(endedAtom) ? { ended: true } : {}) });
  }
  return {
    save,
    append(entry) {
      store.set(transcriptAtom, (entries) => [...entries, { id: nextEntryId++, ...entry }]);
      save();
    },
    show(transcript) {
      store.set(transcriptAtom, transcript);
      nextEntryId = Math.max(0, ...transcript.map((e) => e.id)) + 1;
    },
  };
}
