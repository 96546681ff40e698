import { getLogsFile, type LatchConfig } from '@latch/core'

/** What `downloadLogs` needs of the browser; injected in tests. */
export type DownloadHost = {
  document: Pick<Document, 'createElement'> & { body: Pick<HTMLElement, 'append'> }
  URL: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>
}

/**
 * "Download logs" (account settings): saves the log buffer as a JSON file (`getLogsFile`: no
 * key, no signature) through a temporary link; returns the file's name.
 */
export function downloadLogs(config: LatchConfig, host: DownloadHost = { document, URL }): string {
  const file = getLogsFile(config)
  const url = host.URL.createObjectURL(new Blob([file.text], { type: file.type }))
  const link = host.document.createElement('a')
  link.href = url
  link.download = file.filename
  link.rel = 'noopener'
  link.style.display = 'none'
  host.document.body.append(link)
  link.click()
  link.remove()
  // After the click's task: revoking at once can cancel the download in some browsers.
  setTimeout(() => host.URL.revokeObjectURL(url), 0)
  return file.filename
}
