/** The job summary as a person reads it, one line per heading, paragraph and table row (see demo.js). */
export function summaryText(html: string): string[]
