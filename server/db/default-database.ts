// Where the backend keeps its data when DATABASE_URL is not set: a SQLite file beside the
// server (the production entry and its CLIs). The demo keeps its own file (demo-site/.data/).
import { fromRoot } from "../root-dir.ts";

export const DEFAULT_DB_FILE = fromRoot("server/.data/serve.db");
