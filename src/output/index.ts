// The output folder: who may be replaced (output-folder.ts) and how files reach it (write-output.ts).
export { checkOutputFolder, fileSystemProblem, isSameOrInside, removeStaleBuildFolders, OUTPUT_MARKER, type OutputFolderCheck } from './output-folder.ts';
export { MemoryOutput, StreamingOutput, insideFolder, outputFileWriter, type OutputSink } from './write-output.ts';
export { composeSegments, type Segment, type SegmentLayout } from './segmented-text.ts';
