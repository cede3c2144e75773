// The entry of the abort sub-action (abort/action.yml), written by scripts/sub-actions.js: it names the
// sub-action and the inputs its action.yml declares, then runs the shared bundle.
globalThis[Symbol.for('service-ci-action.sub-action')] = {"name":"abort","inputs":["abort-open-pull-request","abort-reason","abort-with-success","allowed-associations","app-slug","base-url","branch","branch-repo-owner","build-slug","fail-if-finished","list-limit","max-attempts","oidc-audience","oidc-exchange-url","oidc-policy-id","oidc-subject-token-type","pull-request-id","request-timeout","skip-git-status-report","skip-notifications","token","trace","workflow"]}
await import('../index.js')
