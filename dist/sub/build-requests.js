// The entry of the build-requests sub-action (build-requests/action.yml), written by scripts/sub-actions.js: it names the
// sub-action and the inputs its action.yml declares, then runs the shared bundle.
globalThis[Symbol.for('service-ci-action.sub-action')] = {"name":"build-requests","inputs":["allowed-associations","app-slug","approve","base-url","build-request-slug","expected-commit","github-token","list-limit","max-attempts","oidc-audience","oidc-exchange-url","oidc-policy-id","oidc-subject-token-type","operation","pull-request-id","reject-other-requests","request-timeout","token","trace"]}
await import('../index.js')
