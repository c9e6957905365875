// Entry point: mounts the app and starts the server-clock sync.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { syncServerTime } from "./api/server-time.ts";
import { m } from "./i18n/index.ts";
import "./styles.css";

document.title = m.app.title;
void syncServerTime();
const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
