import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

export type AccountTab<Id extends string> = { id: Id; label: string }

export type AccountTabsProps<Id extends string> = {
  /** Accessible name of the tab list. */
  label: string
  tabs: readonly AccountTab<Id>[]
  selected: Id
  onSelect(id: Id): void
  /** Arrow keys follow the reading direction. */
  dir: 'ltr' | 'rtl'
  /** The selected tab's panel content; the other panels stay empty and hidden. */
  children: ReactNode
}

/**
 * ARIA tabs (tablist, tab, tabpanel): one tab stop, the arrow keys move and select (Home and
 * End jump to the ends), each panel is labelled by its tab and focusable.
 */
export function AccountTabs<Id extends string>(props: AccountTabsProps<Id>) {
  const baseId = useId()
  const buttons = useRef(new Map<Id, HTMLButtonElement>())
  const index = Math.max(
    0,
    props.tabs.findIndex((tab) => tab.id === props.selected),
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = props.tabs.length - 1
    const forward = props.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
    const backward = props.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
    const next =
      event.key === forward
        ? index === last
          ? 0
          : index + 1
        : event.key === backward
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    const tab = next === undefined ? undefined : props.tabs[next]
    if (!tab) return
    event.preventDefault()
    props.onSelect(tab.id)
    buttons.current.get(tab.id)?.focus()
  }

  return (
    <div className="latch-tabs">
      <div
        className="latch-tabs__list"
        role="tablist"
        aria-label={props.label}
        onKeyDown={onKeyDown}
        data-testid="account-tabs"
      >
        {props.tabs.map((tab) => {
          const selected = tab.id === props.selected
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element)
                else buttons.current.delete(tab.id)
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-controls={`${baseId}-panel-${tab.id}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              className="latch-tabs__tab"
              onClick={() => props.onSelect(tab.id)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {props.tabs.map((tab) => {
        const selected = tab.id === props.selected
        return (
          <div
            key={tab.id}
            role="tabpanel"
            id={`${baseId}-panel-${tab.id}`}
            aria-labelledby={`${baseId}-tab-${tab.id}`}
            // Focusable so keyboard users reach a panel whose content has no control.
            tabIndex={selected ? 0 : -1}
            hidden={!selected}
            className="latch-tabs__panel"
            data-testid={`account-${tab.id}`}
          >
            {selected ? props.children : null}
          </div>
        )
      })}
    </div>
  )
}
