/** The service's email notification settings call. */
import type { ServiceClient } from '../http/service-client.js'
import { appPath } from './paths.js'

/** When the service emails: always, never, or when the status differs from the branch's last build. */
export type NotificationSetting = 'always' | 'never' | 'change'

/** Sets only the given email notification settings; repeating it has the effect of once. */
export async function setEmailNotifications(
  client: ServiceClient,
  appSlug: string,
  settings: { onSuccess?: NotificationSetting; onFailure?: NotificationSetting }
): Promise<{ response: string }> {
  const body = {
    ...(settings.onSuccess ? { on_success: settings.onSuccess } : {}),
    ...(settings.onFailure ? { on_failure: settings.onFailure } : {})
  }
  const res = await client.request<unknown>('PATCH', appPath(appSlug, 'update-email-notifications'), {
    body,
    retry: 'idempotent'
  })
  return { response: res.text }
}
