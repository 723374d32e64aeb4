// How the tests and the benchmarks launch Chromium: the system's (or CHROMIUM_PATH), with the
// flags a container without a GPU, a sandbox or a large /dev/shm needs, and nothing running in
// the background of what is measured.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
