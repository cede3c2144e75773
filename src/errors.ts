/** A bad input: names the input, shows the value (never a secret) and says what was expected. */
export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string
  ) {
    super(`Input "${input}": ${message}`)
    this.name = 'InputError'
  }
}

/** Quotes a value for an error message: escaped, and cut short when long. */
export function quote(value: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 80)}...` : value
  return JSON.stringify(shown)
}
