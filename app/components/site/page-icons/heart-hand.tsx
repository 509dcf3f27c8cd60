import { type IconProps, Svg } from "../icons.tsx";

export function HeartHandIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 20s-7-4.4-7-9.5A4 4 0 0 1 12 8a4 4 0 0 1 7 2.5c0 5.1-7 9.5-7 9.5z" />
    </Svg>
  );
}
