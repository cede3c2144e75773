// The entry of the wait sub-action (wait/action.yml), written by scripts/sub-actions.js: it names the
// sub-action and the inputs its action.yml declares, then runs the shared bundle.
globalThis[Symbol.for('service-ci-action.sub-action')] = {"name":"wait","inputs":["allowed-associations","app-slug","base-url","build-slug","explain-failure","fail-on-build-failure","list-limit","max-attempts","oidc-audience","oidc-exchange-url","oidc-policy-id","oidc-subject-token-type","pipeline-id","poll-interval","previous-attempt-id","request-timeout","stream-logs","test-report-artifacts","token","trace","wait-timeout"]}
await import('../index.js')
