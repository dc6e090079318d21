/** An item's icon, or its initials on a tinted square when it has none. */
export function ItemIcon({
  url,
  name,
  size = 56,
}: {
  url: string | null | undefined;
  name: string;
  size?: number;
}) {
  if (url) return <img className="icon" src={url} alt="" width={size} height={size} />;
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="icon placeholder" style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}
