/**
 * The kit's button: primary, secondary, text or danger; `block` spans the width; `busy` keeps its size, shows a
 * spinner and ignores taps while an action runs.
 */
import type { ButtonHTMLAttributes, ReactElement } from 'react'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'text' | 'danger'
  block?: boolean
  busy?: boolean
}

export function Button({
  variant = 'primary',
  block,
  busy,
  className,
  type = 'button',
  disabled,
  onClick,
  ...rest
}: ButtonProps): ReactElement {
  const classes = ['k-btn', `k-btn--${variant}`, block && 'k-btn--block', className].filter(Boolean).join(' ')
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
    />
  )
}
