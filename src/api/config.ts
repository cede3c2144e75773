/** The service's calls on an app's service.yml: read, upload, and where the service reads it. */
import type { ServiceClient } from '../http/service-client.js'
import { getField, isText } from './field.js'
import { appPath } from './paths.js'

/** Where the service reads an app's service.yml. */
export type ConfigLocation = 'service' | 'repository'

/** The app's service.yml as text. */
export async function getConfig(client: ServiceClient, appSlug: string): Promise<{ text: string }> {
  const res = await client.request<string>('GET', appPath(appSlug, 'service.yml'), { expect: 'text' })
  return { text: res.body }
}

/**
 * Uploads service.yml. The service's own clients send the YAML text as a string in
 * `app_config_datastore_yaml`; uploading the same text twice has the effect of once.
 */
export async function uploadConfig(
  client: ServiceClient,
  appSlug: string,
  yamlText: string
): Promise<{ response: string }> {
  const res = await client.request<unknown>('POST', appPath(appSlug, 'service.yml'), {
    body: { app_config_datastore_yaml: yamlText },
    retry: 'idempotent'
  })
  return { response: res.text }
}

/** Where the service reads the app's service.yml. */
export async function getConfigLocation(
  client: ServiceClient,
  appSlug: string
): Promise<{ location: string; response: string }> {
  const path = appPath(appSlug, 'service.yml', 'config')
  const { value, response } = await getField(client, path, 'location', isText, 'has no "location"')
  return { location: value, response }
}

/** Tells the service where to read service.yml; the service answers 204 without a body. */
export async function setConfigLocation(
  client: ServiceClient,
  appSlug: string,
  location: ConfigLocation
): Promise<{ response: string }> {
  const res = await client.request<unknown>('PUT', appPath(appSlug, 'service.yml', 'config'), { body: { location } })
  return { response: res.text }
}

/**
 * The machine type a `meta.service` mapping of a parsed service.yml names (its `machine_type_id`,
 * the key the service reads and its migration rewrites), as written: the caller checks it.
 */
export function machineTypeIdIn(serviceMeta: Record<string, unknown>): unknown {
  return serviceMeta.machine_type_id
}
