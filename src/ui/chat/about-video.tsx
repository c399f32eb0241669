// The company's video (aboutUsVideo, issue 13): a button in the chat after 'Learn More'; the
// video loads only when the visitor presses it (nothing is fetched before), in a dialog that
// Escape closes, with focus back on the button. A video file plays in a <video>; a video
// service's player (the hosts of src/config/safe-url.ts) in a sandboxed frame.
import { useState } from "react";
import { VIDEO_FILE } from "../../config/safe-url.ts";
import { Modal } from "../shared/modal.tsx";
import { useWords } from "../shared/use-words.ts";

export function AboutVideo({ src, title }: { src: string; title: string }) {
  const [open, setOpen] = useState(false);
  const w = useWords();
  return (
    <>
      <button type="button" className="qa-choice qa-video-button" onClick={() => setOpen(true)}>
        {w.watchVideo}
      </button>
      {open && (
        <Modal title={title} onClose={() => setOpen(false)}>
          {VIDEO_FILE.test(new URL(src).pathname) ? (
            <video className="qa-video" src={src} controls autoPlay />
          ) : (
            <iframe
              className="qa-video"
              src={src}
              title={title}
              sandbox="allow-scripts allow-same-origin allow-presentation"
              allow="autoplay; fullscreen; picture-in-picture"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          )}
        </Modal>
      )}
    </>
  );
}
