/** Hands a file made in the browser to its downloads. */
export function saveFile(parts: BlobPart[], type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
