/** Prints the run's random seed after jest's summary, with the command that replays a failure. */
export default class SeedReporter {
  onRunComplete(_contexts, results) {
    const seed = process.env.TEST_SEED
    const failed = results.testResults
      .filter((file) => file.numFailingTests > 0 || file.testExecError)
      .map((file) => file.testFilePath.replace(/^.*?(__tests__\/)/, '$1'))
    const replay =
      failed.length > 0 ? `; replay the failed files with: TEST_SEED=${seed} npm test -- ${failed.join(' ')}` : ''
    process.stderr.write(`Random seed: ${seed}${replay}\n`)
  }
}
