import { importJob } from "@/lib/data/import-jobs";
import { recapGeneration } from "@/lib/recaps/generation";
import { jobKinds } from "./job-kind";

/** Every kind of job the app runs: what its workers and the cron route claim. */
export const appJobKinds = jobKinds(recapGeneration, importJob);
