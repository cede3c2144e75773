/** Finding a slip in a machine type's name: the name with one letter changed, added or dropped. */
import { randomInt } from '../random.js'

/**
 * A slip in a name: one letter changed, added or dropped at a random place. A slip `fits` refuses
 * (by default, one that no longer starts with a letter or digit) becomes the name with a letter added.
 */
export function typo(name: string, fits: (slip: string) => boolean = (slip) => /^[A-Za-z0-9]/.test(slip)): string {
  const at = randomInt(name.length)
  const letter = 'qxzjkv'[randomInt(6)]
  const variants = [
    name.slice(0, at) + letter + name.slice(at + 1),
    name.slice(0, at) + letter + name.slice(at),
    name.slice(0, at) + name.slice(at + 1)
  ]
  const picked = variants[randomInt(variants.length)]
  return picked === name || !fits(picked) ? `${name}${letter}` : picked
}
