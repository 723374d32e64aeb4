// Global setup of the API projects: the app is built once (when its sources changed), then
// every test file starts its own `next start` on it.
import { ensureBuild } from "../../scripts/build.mjs";

export default function setup() {
  ensureBuild();
}
