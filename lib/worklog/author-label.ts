/** How an author whose `name` is null is written where a name must show (a report's label, the markdown export, the worklog). */
export const unnamedAuthorLabel = "Unnamed author";
