// Preloaded into the server by bench/profile.ts (NODE_OPTIONS=--import: Node refuses --cpu-prof
// there): SIGUSR2 starts a CPU profile through the inspector, the next SIGUSR2 stops it and writes
// it as CPU.<pid>.cpuprofile into WORKLOG_CPU_PROFILE_DIR, so that the profile holds the measured
// load alone, not the start, the seeding or the warm-up.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const directory = process.env.WORKLOG_CPU_PROFILE_DIR;
if (directory) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  let profiling = false;
  process.on("SIGUSR2", () => {
    profiling = !profiling;
    if (profiling) return session.post("Profiler.start");
    session.post("Profiler.stop", (error, result) => {
      if (error) throw error;
      const file = path.join(directory, `CPU.${process.pid}.cpuprofile`);
      fs.writeFileSync(`${file}.partial`, JSON.stringify(result.profile));
      fs.renameSync(`${file}.partial`, file);
    });
  });
}
