import { describe, expect, it } from '@jest/globals'
import { parseEnvironments, secretTextsBeforeParsing } from '../../../src/inputs/environments.js'
import { serviceEnvironmentItem } from '../../../src/api/build-params.js'
import { randomAwkwardSecret } from '../../helpers/random.js'

/** The items parsed, as the service is sent them. */
const parsed = (text: string, input: string, secret = false) =>
  parseEnvironments(text, input, secret).map(serviceEnvironmentItem)

const item = (name: string, value: string, isExpand = true) => ({
  mapped_to: name,
  key: name,
  value,
  is_expand: isExpand
})

describe('environments input', () => {
  it.each([
    { name: 'empty', text: '', expected: [] },
    {
      name: 'NAME=value lines, comments and blanks skipped',
      text: 'A=1\n\n# note\nB_2=x=y',
      expected: [item('A', '1'), item('B_2', 'x=y')]
    },
    { name: 'an empty value', text: 'EMPTY=', expected: [item('EMPTY', '')] },
    {
      name: 'YAML list with is_expand',
      text: '- mapped_to: A\n  value: one\n- mapped_to: B\n  value: $HOME\n  is_expand: false',
      expected: [item('A', 'one'), item('B', '$HOME', false)]
    },
    { name: 'JSON list, number value kept as text', text: '[{"mapped_to":"N","value":3}]', expected: [item('N', '3')] },
    {
      name: 'numbers, dates and booleans in the list form kept as the text written',
      text: '- {mapped_to: A, value: 007}\n- {mapped_to: B, value: 1e30}\n- {mapped_to: C, value: 0x1F}\n- {mapped_to: D, value: 0o17}\n- {mapped_to: E, value: 2001-12-14}\n- {mapped_to: F, value: True, is_expand: FALSE}\n- {mapped_to: G, value: .inf}',
      expected: [
        item('A', '007'),
        item('B', '1e30'),
        item('C', '0x1F'),
        item('D', '0o17'),
        item('E', '2001-12-14'),
        item('F', 'True', false),
        item('G', '.inf')
      ]
    },
    {
      name: 'JSON numbers kept as the text written',
      text: '[{"mapped_to":"N","value":12345678901234567890123},{"mapped_to":"M","value":3.10,"is_expand":false}]',
      expected: [item('N', '12345678901234567890123'), item('M', '3.10', false)]
    },
    {
      name: 'commas not followed by NAME= stay in the value',
      text: 'LIST=a,b, c,1=2',
      expected: [item('LIST', 'a,b, c,1=2')]
    },
    {
      name: 'the list form takes a comma and NAME= as written',
      text: '- {mapped_to: A, value: "1,B=2"}',
      expected: [item('A', '1,B=2')]
    },
    {
      name: 'an explicit empty value in the list form',
      text: '- {mapped_to: A, value: ""}',
      expected: [item('A', '')]
    },
    { name: 'the contract name key is accepted', text: '[{"key":"K","value":"v"}]', expected: [item('K', 'v')] }
  ])('$name', ({ text, expected }) => {
    expect(parsed(text, 'environments')).toEqual(expected)
  })

  it.each([
    { name: 'a line without =', text: 'JUSTNAME', error: /line 1 "JUSTNAME" is not NAME=value/ },
    { name: 'a name starting with a digit', text: '1A=x', error: /"1A" is not a valid environment variable name/ },
    { name: 'a name with a dash', text: 'A-B=x', error: /"A-B" is not a valid environment variable name/ },
    { name: 'a name given twice', text: 'A=1\nA=2', error: /A is given twice/ },
    { name: 'broken YAML', text: '- mapped_to: [A', error: /not a valid YAML or JSON list at line/ },
    { name: 'a list item without mapped_to', text: '- value: x', error: /item 1 needs mapped_to/ },
    {
      name: 'is_expand not a boolean',
      text: '- mapped_to: A\n  value: x\n  is_expand: "yes"',
      error: /is_expand must be true or false/
    },
    {
      name: 'is_expand a number',
      text: '- mapped_to: A\n  value: x\n  is_expand: 1',
      error: /is_expand must be true or false/
    },
    {
      name: 'is_expand the name of an object property',
      text: '- mapped_to: A\n  value: x\n  is_expand: constructor',
      error: /is_expand must be true or false/
    },
    { name: 'a list item with value: ~', text: '- {mapped_to: A, value: ~}', error: /item 1 \(A\) has no value/ },
    {
      name: 'an explicit tag the text form does not read',
      text: '- {mapped_to: A, value: !!int 12}',
      error: /not a valid YAML or JSON list at line 1/
    },
    { name: 'an unknown field', text: '- mapped_to: A\n  valu: x', error: /unknown field "valu"/ },
    { name: 'an object value', text: '- mapped_to: A\n  value: {a: 1}', error: /value must be a string/ },
    {
      name: 'a comma list on one line',
      text: 'A=1,B=2',
      error: /line 1: the value of A holds a comma followed by "B="/
    },
    {
      name: 'a comma and a space before the next name',
      text: 'X=1\nA=1, _B=2',
      error: /line 2: the value of A holds a comma followed by "_B="/
    },
    { name: 'a list item without value', text: '- mapped_to: A', error: /item 1 \(A\) has no value/ },
    {
      name: 'a list item with value: null',
      text: '[{"mapped_to": "A", "value": null}]',
      error: /item 1 \(A\) has no value/
    }
  ])('rejects $name, naming the input', ({ text, error }) => {
    expect(() => parseEnvironments(text, 'environments')).toThrow(error)
    expect(() => parseEnvironments(text, 'environments')).toThrow(/^Input "environments"/)
  })

  it('never quotes a secret value, nor the name-like text in it, in the comma error', () => {
    const check = (): unknown => parseEnvironments('A=TOPSECRET,HIDDENNAME=MORESECRET', 'secret-environments', true)
    expect(check).toThrow(/line 1: the value holds a comma followed by NAME=/)
    expect(check).not.toThrow(/TOPSECRET|HIDDENNAME|MORESECRET/)
  })

  it('never quotes a secret line in its error', () => {
    expect(() => parseEnvironments('TOPSECRETVALUE', 'secret-environments', true)).toThrow(/line 1 is not NAME=value/)
    expect(() => parseEnvironments('TOPSECRETVALUE', 'secret-environments', true)).not.toThrow(/TOPSECRETVALUE/)
  })

  it.each([
    {
      name: 'a base64 value written without NAME=, its padding its only "="',
      text: 'OK_1=fine-value\nQmFzZTY0Qm9keVNlY3JldA==',
      error: /^Input "secret-environments": line 2 has "=" right after its name's "="/
    },
    {
      name: 'a base64 value with one "=" of padding',
      text: 'QmFzZTY0Qm9keVNlY3JldDE=',
      error: /^Input "secret-environments": line 1 has nothing after its "="/
    },
    {
      name: 'a connection string whose start is no name',
      text: 'OK_2=fine-value\n# note\npostgres://user:Pa55word@db.example.com/app?sslmode=require',
      error: /^Input "secret-environments": line 3 does not start with a variable name and "="/
    },
    {
      name: 'base64 whose body holds "+" or "/"',
      text: 'ab+cd/efSECRETgh==',
      error: /^Input "secret-environments": line 1 does not start with a variable name/
    },
    {
      name: 'a name given twice',
      text: 'SECRET_A=first-secret\nSECRET_A=second-secret',
      error: /^Input "secret-environments": line 2 names the same variable as line 1/
    },
    {
      name: 'an unknown field in the list form, from a comma in an unquoted value',
      text: '- {mapped_to: A, value: pass, word: SECRETTAIL}',
      error: /^Input "secret-environments": item 1 has a field other than mapped_to, value and is_expand/
    },
    {
      name: 'a list item whose mapped_to is no name',
      text: '- {mapped_to: "SECRET-NAME-LIKE", value: x}',
      error: /^Input "secret-environments": item 1: the name is not a valid environment variable name/
    }
  ])('refuses $name in a secret input, showing none of its text', ({ text, error }) => {
    const check = (): unknown => parseEnvironments(text, 'secret-environments', true)
    expect(check).toThrow(error)
    let message = ''
    try {
      check()
    } catch (thrown) {
      message = (thrown as Error).message
    }
    for (const piece of ['QmFzZTY0', 'Pa55word', 'postgres', 'SECRET', 'word:', 'fine-value'])
      expect(message).not.toContain(piece)
  })

  it('takes NAME=value whose value holds "=" in a secret input, split at the first "="', () => {
    expect(parsed('TOKEN=abc==\nURL=https://x.example/?a=b', 'secret-environments', true)).toEqual([
      item('TOKEN', 'abc=='),
      item('URL', 'https://x.example/?a=b')
    ])
  })

  it('takes a one-line secret in a literal block of the list form exactly as it is, as docs/trigger-inputs.md shows', () => {
    const secret = `==${randomAwkwardSecret()}: #${randomAwkwardSecret()}'"\\`
    const text = `- {mapped_to: EMPTY_ON_PURPOSE, value: ""}\n- mapped_to: PADDED\n  value: |-\n    ${secret}`
    expect(parsed(text, 'secret-environments', true)).toEqual([item('EMPTY_ON_PURPOSE', ''), item('PADDED', secret)])
  })

  it('keeps taking an empty value and a value starting with "=" in environments, which is no secret', () => {
    expect(parsed('EMPTY=\nEQ==x', 'environments')).toEqual([item('EMPTY', ''), item('EQ', '=x')])
  })

  it('masks, before parsing, each line value and the whole of a line the parser refuses; nothing of the list form', () => {
    expect(secretTextsBeforeParsing('A=one-value\n\n# c\nbare-secret-text\nB==x\nC=')).toEqual([
      'one-value',
      'bare-secret-text',
      '=x',
      'B==x',
      '',
      'C='
    ])
    expect(secretTextsBeforeParsing('- {mapped_to: A, value: x}')).toEqual([])
  })
})
