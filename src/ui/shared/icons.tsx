// Inline SVG icons, decorative: their buttons carry the accessible name.
import { CHAT_ICON_PATH } from "./bubble-look.ts";

const CLOSE_PATH = "M18.3 5.71 12 12.01l-6.3-6.3-1.41 1.41 6.3 6.3-6.3 6.29 1.41 1.42 6.3-6.3 6.29 6.3 1.42-1.42-6.3-6.29 6.3-6.3z";
const CHEVRON_DOWN_PATH = "M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z";

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

export const ChatIcon = () => <Icon path={CHAT_ICON_PATH} />;
export const CloseIcon = () => <Icon path={CLOSE_PATH} />;
const MORE_PATH = "M12 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm0 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z";
export const MoreIcon = () => <Icon path={MORE_PATH} />;
export const ChevronDownIcon = () => <Icon path={CHEVRON_DOWN_PATH} />;
