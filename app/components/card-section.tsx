import type { ReactNode } from "react";

/**
 * A card section named by its own h2 (`aria-labelledby` points at `id`). `className` is what the
 * card adds to "card" (padding, spacing); the heading is the dashboard's size unless
 * `titleClassName` says otherwise.
 */
export function CardSection({
  id,
  title,
  className = "p-5",
  titleClassName = "text-lg font-semibold",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className={`card ${className}`} aria-labelledby={id}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
