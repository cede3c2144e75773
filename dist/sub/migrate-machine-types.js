// The entry of the migrate-machine-types sub-action (migrate-machine-types/action.yml), written by scripts/sub-actions.js: it names the
// sub-action and the inputs its action.yml declares, then runs the shared bundle.
globalThis[Symbol.for('service-ci-action.sub-action')] = {"name":"migrate-machine-types","inputs":["base-url","dry-run","fail-if-nothing-to-migrate","from-machine","list-limit","max-attempts","oidc-audience","oidc-exchange-url","oidc-policy-id","oidc-subject-token-type","org-slug","request-timeout","to-machine","token","trace","user-slug"]}
await import('../index.js')
