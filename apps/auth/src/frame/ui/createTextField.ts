import { element } from './element.ts'

export type CreateTextFieldParameters = {
  id: string
  label: string
  type?: 'text' | 'password' | undefined
  autocomplete?: string | undefined
  inputMode?: 'text' | 'numeric' | undefined
  /** A line under the field that stays (requirements), read with the field. */
  hint?: string | undefined
  maxLength?: number | undefined
}

export type TextField = {
  root: HTMLElement
  input: HTMLInputElement
  /** Shows (or with `undefined` clears) the field's error, announced and linked to the input. */
  setError(message: string | undefined): void
}

/** A labelled input with an optional hint and an error line (aria-invalid, aria-describedby). */
export function createTextField(doc: Document, parameters: CreateTextFieldParameters): TextField {
  const { id } = parameters
  const input = element(doc, 'input', {
    className: 'latch-input',
    attributes: {
      id,
      name: id,
      type: parameters.type ?? 'text',
      autocomplete: parameters.autocomplete ?? 'off',
      inputmode: parameters.inputMode ?? 'text',
      spellcheck: 'false',
      autocapitalize: 'off',
    },
  })
  if (parameters.maxLength) input.maxLength = parameters.maxLength
  const label = element(doc, 'label', {
    className: 'latch-label',
    text: parameters.label,
    attributes: { for: id },
  })
  const hint = parameters.hint
    ? element(doc, 'p', {
        className: 'latch-hint',
        text: parameters.hint,
        attributes: { id: `${id}-hint` },
      })
    : undefined
  const error = element(doc, 'p', {
    className: 'latch-field-error',
    attributes: { id: `${id}-error`, 'aria-live': 'assertive' },
  })
  error.hidden = true
  const describe = (withError: boolean) => {
    const ids = [...(hint ? [hint.id] : []), ...(withError ? [error.id] : [])]
    if (ids.length > 0) input.setAttribute('aria-describedby', ids.join(' '))
    else input.removeAttribute('aria-describedby')
  }
  describe(false)

  const root = element(doc, 'div', { className: 'latch-field' }, [
    label,
    input,
    ...(hint ? [hint] : []),
    error,
  ])
  return {
    root,
    input,
    setError(message) {
      error.textContent = message ?? ''
      error.hidden = !message
      if (message) input.setAttribute('aria-invalid', 'true')
      else input.removeAttribute('aria-invalid')
      describe(Boolean(message))
    },
  }
}
