// Something on its way (the configuration, the calendar's file): the typing dots for the eye,
// and one status line for screen readers.
export function Waiting({ status }: { status: string }) {
  return (
    <>
      <p className="qa-visually-hidden" role="status">
        {status}
      </p>
      <div className="qa-typing" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </>
  );
}
