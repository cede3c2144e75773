/** Finding a slip in a machine type's name: the name with one letter changed, added or dropped. */
import { randomInt } from '../random.js'

/** A slip in a name: one letter changed, added or dropped at a random place. */
export function typo(name: string): string {
  const at = randomInt(name.length)
  const letter = 'qxzjkv'[randomInt(6)]
  const variants = [
    name.slice(0, at) + letter + name.slice(at + 1),
    name.slice(0, at) + letter + name.slice(at),
    name.slice(0, at) + name.slice(at + 1)
  ]
  const picked = variants[randomInt(variants.length)]
  return picked === name || !/^[A-Za-z0-9]/.test(picked) ? `${name}${letter}` : picked
}
