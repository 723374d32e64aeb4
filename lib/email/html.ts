const htmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put in HTML, between tags or in a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => htmlEntities[character]!);

/** An email's HTML part: a document titled `subject` (escaped here) around `body`, HTML already escaped by its maker. */
export const htmlDocument = (subject: string, body: string): string => `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body>
${body}
</body></html>
`;

/** A subject on one line: a header cannot hold a line break. */
export const oneLineSubject = (subject: string): string => subject.replace(/[\r\n]+/g, " ");
