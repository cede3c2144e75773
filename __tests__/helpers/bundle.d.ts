export function bundleKind(env?: Record<string, string | undefined>): 'dist' | 'dev'
export const BUNDLE_FOLDER: 'dist' | 'dev-dist'
export const ACTION_BUNDLE: string
export const EMULATOR_BUNDLE: string
export const HOOKS_BUNDLE: string
