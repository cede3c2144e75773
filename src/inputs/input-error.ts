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
