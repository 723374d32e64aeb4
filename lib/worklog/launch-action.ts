/**
 * What the installed app's shortcuts ask the worklog to do when they open it (README "Offline and
 * installing"): `/?action=new-entry` puts the focus in the composer, `/?action=start-timer` starts
 * the timer as its Start button does. The page takes the parameter out of its URL once done.
 */
export const LAUNCH_PARAMETER = "action";

export type LaunchAction = "new-entry" | "start-timer";

/**
 * The action a request of the worklog asks for. Starting the timer writes, so it is taken only
 * from a navigation the browser says was not sent by another site (`Sec-Fetch-Site`: `none` for
 * a shortcut, the address bar or a bookmark; `same-origin`): a link elsewhere only opens the
 * worklog. Focusing the composer changes nothing, wherever the link was.
 */
export function launchAction(parameter: string | null | undefined, fetchSite: string | null): LaunchAction | undefined {
  if (parameter === "new-entry") return parameter;
  if (parameter === "start-timer" && (fetchSite === "none" || fetchSite === "same-origin")) return parameter;
  return undefined;
}
