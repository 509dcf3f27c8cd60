import { type IconProps, Svg } from "../icons.tsx";

export function PuzzleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 8h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4h-4a2 2 0 1 0-4 0H4v-4a2 2 0 1 0 0-4z" />
    </Svg>
  );
}
