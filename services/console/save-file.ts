/**
 * Saves a file the console fetched (the audit log's CSV, which needs the session's token and so cannot be a plain
 * link): an object URL clicked as a download, released once the browser has taken it.
 */
export function saveFile(doc: Document, file: { name: string; blob: Blob }): void {
  const url = URL.createObjectURL(file.blob)
  const link = doc.createElement('a')
  link.href = url
  link.download = file.name
  link.rel = 'noopener'
  link.hidden = true
  doc.body.appendChild(link)
  link.click()
  link.remove()
  // The download has started from the click; the URL is not needed past this task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
