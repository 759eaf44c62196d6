import type { FormSuccessProps } from '../../src/plan/route-plan.js'
import { useText } from '../context.js'

/**
 * Where a form lands after posting without JavaScript (src/output/form-pages.ts): the same
 * heading and message the form widget shows in place, and a way on.
 */
export function FormSuccessPage({ title, message }: FormSuccessProps) {
  const text = useText()
  return (
    <section className="section form-success-page">
      <div className="container narrow center">
        <h1>{title}</h1>
        <p className="lead">{message}</p>
        <div className="actions center">
          <a className="btn btn-primary" href="/">
            {text('backHome')}
          </a>
        </div>
      </div>
    </section>
  )
}
