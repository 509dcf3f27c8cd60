import { type IconProps, Svg } from "../icons.tsx";

export function RssIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d="M6.2 19.8a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4ZM4 4.4v3a12.6 12.6 0 0 1 12.6 12.6h3A15.6 15.6 0 0 0 4 4.4Zm0 5.8v3a6.8 6.8 0 0 1 6.8 6.8h3A9.8 9.8 0 0 0 4 10.2Z" />
    </Svg>
  );
}
