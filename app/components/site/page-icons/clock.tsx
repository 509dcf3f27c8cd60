import { type IconProps, Svg } from "../icons.tsx";

export function ClockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7v5l3 2" />
    </Svg>
  );
}
