import Foundation
import Preview
import Reflow
import ReflowKit
import TextMetrics

// Renders a document at the largest accessibility text size (AX5) as a 390 pt wide phone page
// and writes it as a PNG: `embed [DOCUMENT] [OUTPUT.png]`. The default document is the
// repository's Examples/welcome.md; the default output is DOCUMENT-STEM-ax5.png here.

let arguments = Array(CommandLine.arguments.dropFirst())
let example = URL(fileURLWithPath: #filePath)  // Examples/embed/Sources/embed/main.swift
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let document = arguments.first ?? example.appendingPathComponent("welcome.md").path
let output = arguments.count > 1
    ? arguments[1]
    : ((document as NSString).lastPathComponent as NSString).deletingPathExtension + "-ax5.png"

do {
    // Markdown, plain text or a screen file, read within a size limit.
    let input = try DocumentReader().layoutInput(at: document)
    // The bundled Inter faces, found in the resource bundle beside this program.
    let fonts = try FontLibrary()
    let preview = DocumentPreview(input: input, fonts: fonts, width: 390)
    let page = try preview.page(category: .accessibilityExtraExtraExtraLarge)
    let png = try PNGRenderer(scale: 2).render(page.displayList())
    // Written whole or not at all, never over the document.
    try OutputFile(path: output, protecting: [document]).write(png)
    print("wrote \(output): \(page.elements.count) elements, \(Int(page.size.width)) x \(Int(page.size.height.rounded(.up))) pt at AX5")
    print("fonts: \(fonts.directory)")
} catch {
    FileHandle.standardError.write(Data("embed: error: \(error)\n".utf8))
    exit(1)
}
