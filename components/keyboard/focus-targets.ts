/** Ids of the elements the command palette's actions focus once their page shows them. */
export const focusTargets = { newEntry: "composer-text", newRecap: "new-recap" } as const;
