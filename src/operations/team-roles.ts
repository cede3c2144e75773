/** What get-roles and set-roles share: the role input and the summary of who holds a role. */
import type { RoleName } from '../api/roles.js'
import { Input } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { quote } from '../safe-text.js'
import { optionalText, required, requiredSlug, type GetInput } from '../inputs/readers.js'
import type { SummarySection } from '../summary/section.js'

export interface RoleInputs {
  appSlug: string
  role: RoleName
}

const ROLE_TITLES: Record<RoleName, string> = {
  admin: 'Admin',
  platform_engineer: 'Platform Engineer',
  manager: 'Developer',
  member: 'Tester/QA'
}
const ALIASES: Record<string, RoleName> = {
  admin: 'admin',
  platform_engineer: 'platform_engineer',
  'platform-engineer': 'platform_engineer',
  manager: 'manager',
  developer: 'manager',
  member: 'member',
  tester: 'member',
  qa: 'member'
}

/** Reads the app slug and the role, accepting the team's titles (developer, tester, qa) too. */
export function readRoleInputs(get: GetInput): RoleInputs {
  const appSlug = requiredSlug(get, Input.appSlug)
  const value = required(Input.role, optionalText(get, Input.role)).toLowerCase()
  const role = ALIASES[value]
  if (!role)
    throw new InputError(
      Input.role,
      `${quote(value)} is not a role; expected admin, platform_engineer, manager (or developer) or member (or tester)`
    )
  return { appSlug, role }
}

/** The summary of who holds a role, under `action` (e.g. "set"). */
export function rolesSection({ appSlug, role }: RoleInputs, groups: string[], action = ''): SummarySection {
  return {
    heading: `${ROLE_TITLES[role]} (${role}) role on ${appSlug}${action ? ` ${action}` : ''}`,
    lead: {
      mark: 'success',
      result: `${groups.length} group(s) ${action ? 'set' : 'hold it'}`,
      subject: [appSlug, `${ROLE_TITLES[role]} (${role}) role`]
    },
    lines: [groups.length > 0 ? `${groups.length} group(s) hold the role.` : 'No group holds the role.'],
    table: groups.length > 0 ? [['Group'], ...groups.map((slug) => [slug])] : undefined
  }
}
