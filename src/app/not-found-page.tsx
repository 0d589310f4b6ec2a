import { Link, useLocation } from 'wouter';

/** Every path with no screen: says so, names the path, and links home. */
export function NotFoundPage() {
  const [location] = useLocation();
  return (
    <section className="page page--message">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{location}</code>.
      </p>
      <p>
        <Link href="/">Go to the home page</Link>
      </p>
    </section>
  );
}
