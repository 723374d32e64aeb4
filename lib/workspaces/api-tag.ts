/** The reference's Workspaces section, which the standup reminder's operations join (lib/reminders/operations.ts). */
export const workspacesTag = {
  name: "Workspaces",
  description: "The workspace owns the data a key or token works on; its members have a role each: owner, admin, member or viewer.",
};
