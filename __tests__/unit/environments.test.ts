import { describe, expect, it } from '@jest/globals'
import { parseEnvironments } from '../../src/inputs/environments.js'

const item = (name: string, value: string, isExpand = true) => ({ mapped_to: name, key: name, value, is_expand: isExpand })

describe('environments input', () => {
  it.each([
    { name: 'empty', text: '', expected: [] },
    { name: 'NAME=value lines, comments and blanks skipped', text: 'A=1\n\n# note\nB_2=x=y', expected: [item('A', '1'), item('B_2', 'x=y')] },
    { name: 'an empty value', text: 'EMPTY=', expected: [item('EMPTY', '')] },
    {
      name: 'YAML list with is_expand',
      text: '- mapped_to: A\n  value: one\n- mapped_to: B\n  value: $HOME\n  is_expand: false',
      expected: [item('A', 'one'), item('B', '$HOME', false)]
    },
    { name: 'JSON list, number value kept as text', text: '[{"mapped_to":"N","value":3}]', expected: [item('N', '3')] },
    { name: 'commas not followed by NAME= stay in the value', text: 'LIST=a,b, c,1=2', expected: [item('LIST', 'a,b, c,1=2')] },
    { name: 'the list form takes a comma and NAME= as written', text: '- {mapped_to: A, value: "1,B=2"}', expected: [item('A', '1,B=2')] },
    { name: 'an explicit empty value in the list form', text: '- {mapped_to: A, value: ""}', expected: [item('A', '')] },
    { name: 'the contract name key is accepted', text: '[{"key":"K","value":"v"}]', expected: [item('K', 'v')] }
  ])('$name', ({ text, expected }) => {
    expect(parseEnvironments(text, 'environments')).toEqual(expected)
  })

  it.each([
    { name: 'a line without =', text: 'JUSTNAME', error: /line 1 "JUSTNAME" is not NAME=value/ },
    { name: 'a name starting with a digit', text: '1A=x', error: /"1A" is not a valid environment variable name/ },
    { name: 'a name with a dash', text: 'A-B=x', error: /"A-B" is not a valid environment variable name/ },
    { name: 'a name given twice', text: 'A=1\nA=2', error: /A is given twice/ },
    { name: 'broken YAML', text: '- mapped_to: [A', error: /not a valid YAML or JSON list at line/ },
    { name: 'a list item without mapped_to', text: '- value: x', error: /item 1 needs mapped_to/ },
    { name: 'is_expand not a boolean', text: '- mapped_to: A\n  value: x\n  is_expand: "yes"', error: /is_expand must be true or false/ },
    { name: 'an unknown field', text: '- mapped_to: A\n  valu: x', error: /unknown field "valu"/ },
    { name: 'an object value', text: '- mapped_to: A\n  value: {a: 1}', error: /value must be a string/ },
    { name: 'a comma list on one line', text: 'A=1,B=2', error: /line 1: the value of A holds a comma followed by "B="/ },
    { name: 'a comma and a space before the next name', text: 'X=1\nA=1, _B=2', error: /line 2: the value of A holds a comma followed by "_B="/ },
    { name: 'a list item without value', text: '- mapped_to: A', error: /item 1 \(A\) has no value/ },
    { name: 'a list item with value: null', text: '[{"mapped_to": "A", "value": null}]', error: /item 1 \(A\) has no value/ }
  ])('rejects $name, naming the input', ({ text, error }) => {
    expect(() => parseEnvironments(text, 'environments')).toThrow(error)
    expect(() => parseEnvironments(text, 'environments')).toThrow(/^Input "environments"/)
  })

  it('never quotes a secret value, nor the name-like text in it, in the comma error', () => {
    const check = (): unknown => parseEnvironments('A=TOPSECRET,HIDDENNAME=MORESECRET', 'secret-environments', true)
    expect(check).toThrow(/line 1: the value of A holds a comma followed by NAME=/)
    expect(check).not.toThrow(/TOPSECRET|HIDDENNAME|MORESECRET/)
  })

  it('never quotes a secret line in its error', () => {
    expect(() => parseEnvironments('TOPSECRETVALUE', 'secret-environments', true)).toThrow(/line 1 is not NAME=value/)
    expect(() => parseEnvironments('TOPSECRETVALUE', 'secret-environments', true)).not.toThrow(/TOPSECRETVALUE/)
  })
})
