/** The card of tips under a search form: a title and one bullet per tip. */
export function TipsCard({ title, tips }: { title: string; tips: readonly string[] }) {
  return (
    <aside className="card p-5">
      <h2 className="font-semibold">{title}</h2>
      <ul className="mt-2 list-inside list-disc space-y-1 text-sm text-slate-700">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </aside>
  );
}
