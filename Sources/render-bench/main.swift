import Rendering
import TransitionCore
let demo = DemoScene()
let home = SceneSnapshot.capture(demo.scene, labels: demo.labels)
try SceneRasterizer.render(home, width: 390, height: 844).writePNG("/tmp/home.png")
demo.scene.window.addSubview(demo.detail.view)
let detail = SceneSnapshot.capture(demo.scene, labels: demo.labels)
try SceneRasterizer.render(detail, width: 390, height: 844).writePNG("/tmp/detail.png")
